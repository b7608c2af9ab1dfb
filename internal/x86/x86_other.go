//go:build !amd64 || purego

package x86

// asmBuild says whether this build asks the CPU (amd64 without the purego tag).
const asmBuild = false

// detect finds nothing: the assembly paths are for amd64 only.
func detect() Features { return Features{} }
