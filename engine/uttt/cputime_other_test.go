//go:build !unix

package uttt

func cpuSeconds() float64 { return 0 }
