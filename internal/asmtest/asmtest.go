// Package asmtest runs a package's tests on both of its paths, the assembly one and the
// portable Go one, so that the Go path (the only one on other CPUs and under -tags
// purego) is checked on machines that have the assembly too.
package asmtest

import (
	"flag"
	"testing"
)

// RunBoth runs m's tests and, when they pass with *useAsm set, runs them again with
// *useAsm off (set back afterwards); it returns the exit code for os.Exit. Benchmarks
// and fuzzing run once, on the path the CPU gets. The caller sets *useAsm from the CPU
// first.
func RunBoth(m *testing.M, useAsm *bool) int {
	flag.Parse()
	code := m.Run()
	if code == 0 && *useAsm && flag.Lookup("test.bench").Value.String() == "" &&
		flag.Lookup("test.fuzz").Value.String() == "" {
		*useAsm = false
		code = m.Run()
		*useAsm = true
	}
	return code
}
