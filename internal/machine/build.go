package machine

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// Build describes the running binary: its module version, VCS revision, commit time and
// local changes, the PGO profile it was built with and the Go version.
type Build struct {
	Module   string `json:"module"`
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	PGO      string `json:"pgo,omitempty"`
	Go       string `json:"go"`
}

// ReadBuild returns the build of the running binary from the information the Go
// linker embeds; the version is "(devel)" when the binary was built from a work tree.
func ReadBuild() Build {
	b := Build{Module: "github.com/boardlab/boardlab", Version: "(devel)", Go: runtime.Version()}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	if bi.Main.Version != "" {
		b.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
			if len(b.Revision) > 12 {
				b.Revision = b.Revision[:12]
			}
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		case "-pgo":
			b.PGO = s.Value
		}
	}
	return b
}

// Text describes the build for a person, headed by the program's name: "analyze
// (devel) (0fe9e83abcde, modified, 2026-11-28T08:00:00Z) go1.26 linux/amd64", then a
// line "pgo: FILE" when the binary was built with a profile.
func (b Build) Text(name string) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%s %s", name, b.Version)
	if b.Revision != "" {
		fmt.Fprintf(&s, " (%s", b.Revision)
		if b.Modified {
			s.WriteString(", modified")
		}
		if b.Time != "" {
			fmt.Fprintf(&s, ", %s", b.Time)
		}
		s.WriteString(")")
	}
	fmt.Fprintf(&s, " %s %s/%s\n", b.Go, runtime.GOOS, runtime.GOARCH)
	if b.PGO != "" {
		fmt.Fprintf(&s, "pgo: %s\n", b.PGO)
	}
	return s.String()
}
