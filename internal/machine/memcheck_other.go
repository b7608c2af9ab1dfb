//go:build !unix

package machine

// processLimits is empty where resource limits are not read.
func processLimits() []processLimit { return nil }
