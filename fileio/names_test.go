package fileio

import "testing"

// TestSafeName: names with control characters, invalid UTF-8 or other unprintable
// characters are quoted (names) or escaped (text); printable ones, any script, stay.
func TestSafeName(t *testing.T) {
	for _, c := range []struct{ in, name, text string }{
		{"boards/a b.txt", "boards/a b.txt", "boards/a b.txt"},
		{"партия 1.sgf", "партия 1.sgf", "партия 1.sgf"},
		{"a.txt\tB+999\nforged.txt", `"a.txt\tB+999\nforged.txt"`, `a.txt\tB+999\nforged.txt`},
		{"\x1b[2Jx.sgf", `"\x1b[2Jx.sgf"`, `\x1b[2Jx.sgf`},
		{"a\xffb", `"a\xffb"`, `a\xffb`},
		{"csi\u009b.txt", `"csi\u009b.txt"`, `csi\u009b.txt`},
		{"del\x7f", `"del\x7f"`, `del\x7f`},
	} {
		if got := SafeName(c.in); got != c.name {
			t.Errorf("SafeName(%q) = %s, want %s", c.in, got, c.name)
		}
		if got := string(AppendSafeName([]byte("x "), c.in)); got != "x "+c.name {
			t.Errorf("AppendSafeName(%q) = %s", c.in, got)
		}
		if got := SafeText(c.in); got != c.text {
			t.Errorf("SafeText(%q) = %s, want %s", c.in, got, c.text)
		}
	}
}
