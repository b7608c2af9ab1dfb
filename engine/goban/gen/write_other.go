//go:build !linux

package gen

import "os"

// writeFile writes data to tmp and renames it to path, so that path appears whole.
func writeFile(tmp, path string, data []byte) error {
	if err := os.WriteFile(tmp, data, 0o666); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
