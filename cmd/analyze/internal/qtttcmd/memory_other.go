//go:build !linux

package qtttcmd

func readMemoryFree() (int64, string, bool) { return 0, "", false }
