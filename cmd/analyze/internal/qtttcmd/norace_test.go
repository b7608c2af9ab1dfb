//go:build !race

package qtttcmd

const timeScale = 1
