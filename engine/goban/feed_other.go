//go:build !amd64 || purego

package goban

// useAsm is false: there is no assembly parser on this architecture.
var useAsm = false

// AsmParser reports that the assembly parser cannot run here.
func AsmParser() bool { return false }

// asmEnabled reports that the assembly parser cannot run.
func asmEnabled() bool { return false }

// asmMin is unused here (see feed_amd64.go).
var asmMin = 256

// asmFor reports that no input goes through the assembly parser.
func asmFor(n int) bool { return false }

// feed streams the symbols of data (whose length is a multiple of 16) into xs and os,
// which must have room for len(data)/64 + 2 more words after the k stored. nul is
// always false here: the portable parser does not look for NUL bytes.
func (s *bitStream) feed(xs, os []uint64, data []byte, asm bool) (nul bool) {
	s.feedGo(xs, os, data)
	return false
}
