package node

import (
	"bytes"
	"runtime"
	"sync/atomic"
)

// Why two goroutines: a 10,000-hook config is about a megabyte of JSON,
// and its parse was the longest step of a conversion left on one core. A
// second goroutine scans ahead for a comma near the middle of the input,
// between two entries of a list as shallow as it can find there, and
// parses from that comma to the end of the list, while the first parses
// from the start. When the first reaches the comma, it takes the second's
// entries and goes on after the list.
//
// The tree is the same as one parser's: the second starts in exactly the
// state the first has at the comma (the offset, the line, where the line
// starts, the kind and depth of the list), which the first checks before
// it takes anything. A scan cannot know that state for certain, only on
// input that parses; where they differ, the first parses on by itself.
// Any error, in either half, makes ParseJSON parse again from the start,
// so the error reported is the one a single parser meets first.

// SplitMinBytes is the smallest input ParseJSON parses on two goroutines:
// below it, the parse takes less than a millisecond, and the many small
// files some tools keep one hook each in are often parsed in parallel
// already.
var SplitMinBytes = 256 << 10

func splitWorthIt(n int) bool {
	return n >= SplitMinBytes && runtime.GOMAXPROCS(0) > 1
}

// The states of split.at besides a comma's offset.
const (
	undecided = -1 // the scan has not chosen a comma yet
	abandoned = -2 // no comma will be parsed from
)

// splitPoint is a comma between two entries of a list, with what a parser
// at it knows.
type splitPoint struct {
	at              int  // the comma's offset
	close           byte // the list's closing byte
	depth           int  // the list's depth, as parser.value counts it
	line, lineStart int
}

// split is the second goroutine's share of a parse.
type split struct {
	// from is the start of the window the comma is chosen from: a parser
	// that gets there before the comma is chosen parses on by itself.
	from int
	// at is the chosen comma's offset, or undecided or abandoned. The
	// point is written before at is set.
	at    atomic.Int64
	point splitPoint

	// Written before done is closed: the list's entries after the comma,
	// where its closing byte is, and the error that stopped them.
	done             chan struct{}
	fields           []Field
	items            []*Node
	end              int
	endLine, endFrom int
	err              error

	// taken records that the first parser took the entries (for tests).
	taken bool
}

// startSplit starts the second goroutine of p's parse, which chooses its
// comma from the middle quarter of the input.
func startSplit(p *parser) *split {
	n := len(p.src)
	lo, hi := n/2-n/8, n/2+n/8
	s := &split{from: lo, done: make(chan struct{})}
	s.at.Store(undecided)
	go func() {
		defer close(s.done)
		point, ok := chooseSplit(p.src, p.jsonc, lo, hi)
		if !ok {
			s.at.CompareAndSwap(undecided, abandoned)
			return
		}
		s.point = point
		if !s.at.CompareAndSwap(undecided, int64(point.at)) {
			return // the first parser got there first
		}
		s.parse(p.src, p.text, p.jsonc)
	}()
	return s
}

// parse reads the list's entries from the comma to its closing byte, as
// the first parser would have.
func (s *split) parse(src []byte, text string, jsonc bool) {
	pt := s.point
	q := &parser{src: src, text: text, off: pt.at, line: pt.line, lineStart: pt.lineStart, jsonc: jsonc}
	l := &objects
	if pt.close == ']' {
		l = &arrays
	}
	// The list's start is only for an error's message, and an error here
	// makes ParseJSON parse again from the start.
	closed, err := q.next(l, q.pos(), pt.depth)
	s.err = q.entries(l, q.pos(), pt.depth, closed, err)
	s.fields, s.items = q.fields, q.items
	s.end, s.endLine, s.endFrom = q.off, q.line, q.lineStart
}

// abandon tells the second goroutine, if it has not chosen a comma yet,
// that no parser will come for it.
func (s *split) abandon() { s.at.CompareAndSwap(undecided, abandoned) }

// join is called by next at every entry of every list once the cursor is
// in the split's window. At the chosen comma, in the list the scan saw,
// it puts the second goroutine's entries on the stack and moves to the
// list's closing byte; anywhere else it lets the parse go on.
func (p *parser) join(l *list, depth int) error {
	s := p.split
	if s.at.Load() == undecided && s.at.CompareAndSwap(undecided, abandoned) {
		p.split = nil // the scan is slower than the parse: go on alone
		return nil
	}
	at := s.at.Load()
	if at == abandoned || int64(p.off) > at {
		p.split = nil
		return nil
	}
	if int64(p.off) < at {
		return nil
	}
	p.split = nil
	pt := s.point
	if l.close != pt.close || depth != pt.depth || p.line != pt.line || p.lineStart != pt.lineStart {
		return nil // not the state the scan promised: parse on alone
	}
	<-s.done
	if s.err != nil {
		return s.err
	}
	if l == &arrays {
		p.items = append(p.items, s.items...)
	} else {
		p.fields = append(p.fields, s.fields...)
	}
	p.off, p.line, p.lineStart = s.end, s.endLine, s.endFrom
	s.taken = true
	return nil
}

// chooseSplit scans src up to hi and picks, of the commas between lo and
// hi, the one in the shallowest list (the second goroutine's share is then
// the rest of that list, not of some small entry), nearest the middle of
// the window. It reports false when there is none, or the scan meets
// something no parse accepts (an unmatched close, nesting too deep).
func chooseSplit(src []byte, jsonc bool, lo, hi int) (splitPoint, bool) {
	i, line, lineStart := 0, 1, 0
	if hasBOM(src) {
		i, lineStart = 3, 3
	}
	hi = min(hi, len(src))
	mid := (lo + hi) / 2
	stack := make([]byte, 0, 16) // closing bytes of the open lists
	best := splitPoint{at: -1}
	for ; i < hi; i++ {
		switch src[i] {
		case '"':
			i = stringEnd(src, i)
		case '{':
			stack = append(stack, '}')
		case '[':
			stack = append(stack, ']')
		case '}', ']':
			if len(stack) == 0 || stack[len(stack)-1] != src[i] {
				return splitPoint{}, false
			}
			stack = stack[:len(stack)-1]
		case ',':
			depth := len(stack) - 1
			if i < lo || depth < 0 {
				continue
			}
			if best.at < 0 || depth < best.depth || depth == best.depth && abs(i-mid) < abs(best.at-mid) {
				best = splitPoint{at: i, close: stack[len(stack)-1], depth: depth, line: line, lineStart: lineStart}
			}
		case '\n':
			line++
			lineStart = i + 1
		case '/':
			if !jsonc || i+1 >= len(src) {
				return splitPoint{}, false
			}
			switch src[i+1] {
			case '/': // to the end of the line, which the loop counts
				if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
					i += j - 1
				} else {
					i = len(src)
				}
			case '*':
				j := bytes.Index(src[i+2:], []byte("*/"))
				if j < 0 {
					return splitPoint{}, false
				}
				comment := src[i : i+2+j+2]
				if k := bytes.Count(comment, []byte("\n")); k > 0 {
					line += k
					lineStart = i + bytes.LastIndexByte(comment, '\n') + 1
				}
				i += len(comment) - 1
			default:
				return splitPoint{}, false
			}
		}
		if len(stack) > MaxDepth+1 {
			return splitPoint{}, false
		}
	}
	return best, best.at >= 0
}

// stringEnd returns the offset of the quote that closes the string whose
// opening quote is at i, or len(src) when none does.
func stringEnd(src []byte, i int) int {
	for {
		j := bytes.IndexByte(src[i+1:], '"')
		if j < 0 {
			return len(src)
		}
		i += 1 + j
		escapes := 0
		for k := i - 1; src[k] == '\\'; k-- {
			escapes++
		}
		if escapes%2 == 0 {
			return i
		}
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
