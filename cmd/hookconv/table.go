package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// Listing formats.
var tableFormats = []string{"table", "json", "markdown"}

// table is a listing printed as aligned text, JSON or Markdown.
type table struct {
	// keys are the JSON member names, heads the column titles.
	keys, heads []string
	rows        [][]string
}

func newTable(cols ...string) *table {
	t := &table{}
	for _, c := range cols {
		key, head, _ := strings.Cut(c, ":")
		t.keys = append(t.keys, key)
		t.heads = append(t.heads, head)
	}
	return t
}

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) write(w io.Writer, format string) error {
	switch format {
	case "json":
		out := make([]map[string]string, len(t.rows))
		for i, r := range t.rows {
			m := make(map[string]string, len(r))
			for j, c := range r {
				m[t.keys[j]] = c
			}
			out[i] = m
		}
		b, err := json.MarshalIndent(out, "", "  ")
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	case "markdown":
		var b strings.Builder
		b.WriteString("| " + strings.Join(t.heads, " | ") + " |\n")
		b.WriteString("|" + strings.Repeat("---|", len(t.heads)) + "\n")
		for _, r := range t.rows {
			cells := make([]string, len(r))
			for i, c := range r {
				if c == "" {
					c = "—"
				}
				cells[i] = strings.ReplaceAll(c, "|", `\|`)
			}
			b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
		}
		_, err := io.WriteString(w, b.String())
		return err
	default:
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, strings.ToUpper(strings.Join(t.heads, "\t")))
		for _, r := range t.rows {
			cells := make([]string, len(r))
			for i, c := range r {
				if c == "" {
					c = "-"
				}
				cells[i] = c
			}
			fmt.Fprintln(tw, strings.Join(cells, "\t"))
		}
		return tw.Flush()
	}
}

func checkTableFormat(f string) error {
	if !slices.Contains(tableFormats, f) {
		return usagef("--format must be one of %s, not %q", strings.Join(tableFormats, ", "), f)
	}
	return nil
}
