//go:build !unix

package gobancmd

import "os"

// readFile reads the file at path; buf is not used on this system.
func readFile(path string, buf []byte) ([]byte, error) { return os.ReadFile(path) }
