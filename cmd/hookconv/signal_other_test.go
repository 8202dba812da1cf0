//go:build !unix

package main

// signalAtStage does nothing where a process cannot send itself SIGTERM;
// the scripts that use it run on unix only.
func signalAtStage() {}
