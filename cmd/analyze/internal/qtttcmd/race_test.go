//go:build race

package qtttcmd

// The race detector slows the engines down about tenfold: timing limits are scaled.
const timeScale = 10
