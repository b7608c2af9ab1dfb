package machine

import (
	"runtime"
	"testing"
)

func TestBuild(t *testing.T) {
	b := ReadBuild()
	if b.Go != runtime.Version() || b.Version == "" || b.Module != "github.com/boardlab/boardlab" {
		t.Fatalf("ReadBuild() = %+v", b)
	}
	osArch := " " + runtime.GOOS + "/" + runtime.GOARCH + "\n"
	for _, c := range []struct {
		b    Build
		want string
	}{
		{Build{Version: "(devel)", Go: "go1.26"}, "x (devel) go1.26" + osArch},
		{Build{Version: "v1.2.0", Revision: "0fe9e83abcde", Go: "go1.26"}, "x v1.2.0 (0fe9e83abcde) go1.26" + osArch},
		{Build{Version: "(devel)", Revision: "0fe9e83abcde", Modified: true, Time: "2026-11-28T08:00:00Z", PGO: "/src/default.pgo", Go: "go1.26"},
			"x (devel) (0fe9e83abcde, modified, 2026-11-28T08:00:00Z) go1.26" + osArch + "pgo: /src/default.pgo\n"},
	} {
		if got := c.b.Text("x"); got != c.want {
			t.Errorf("Text(%+v) = %q, want %q", c.b, got, c.want)
		}
	}
}
