//go:build !linux

package machine

// procCPU finds nothing on this system: the report counts runtime.NumCPU processors.
func procCPU() (model string, physical, logical int) { return "", 0, 0 }
