package batch

import (
	"reflect"
	"testing"
)

func TestSplit(t *testing.T) {
	cases := []struct {
		in   string
		want []string
		bad  bool
	}{
		{"python3 randBot/bot.py", []string{"python3", "randBot/bot.py"}, false},
		{"  a   b\tc ", []string{"a", "b", "c"}, false},
		{`a 'b c' "d e"`, []string{"a", "b c", "d e"}, false},
		{`a\ b`, []string{"a b"}, false},
		{`"x\"y" 'it''s'`, []string{`x"y`, "its"}, false},
		{`""`, []string{""}, false},
		{`"\n"`, []string{`\n`}, false},
		{"", nil, false},
		{`'open`, nil, true},
		{`"open`, nil, true},
	}
	for _, c := range cases {
		got, err := Split(c.in)
		if (err != nil) != c.bad {
			t.Errorf("Split(%q) error = %v, want error %v", c.in, err, c.bad)
			continue
		}
		if !c.bad && !reflect.DeepEqual(got, c.want) {
			t.Errorf("Split(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
