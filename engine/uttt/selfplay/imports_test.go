package selfplay

import (
	"go/build"
	"strings"
	"testing"
)

// TestImportsNoProcesses: self-play plays zoo.Bots and zoo.GameBots; hosting external
// processes (the tournament's CodinGame players, the sandbox) is the caller's, so the
// package imports neither, whatever the platform.
func TestImportsNoProcesses(t *testing.T) {
	for _, goos := range []string{"linux", "darwin", "windows"} {
		ctx := build.Default
		ctx.GOOS = goos
		pkg, err := ctx.ImportDir(".", 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range pkg.Imports {
			if strings.HasSuffix(imp, "/engine/uttt/tournament") || strings.HasSuffix(imp, "/sandbox") || strings.Contains(imp, "/sandbox/") || imp == "os/exec" {
				t.Errorf("%s: selfplay imports %s", goos, imp)
			}
		}
	}
}
