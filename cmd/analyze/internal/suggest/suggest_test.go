package suggest

import "testing"

func TestClosest(t *testing.T) {
	names := []string{"map", "json", "out", "threads", "time"}
	for s, want := range map[string]string{"mpa": "map", "jsno": "json", "thread": "threads", "tim": "time", "xyz": "", "o": ""} {
		if got := Closest(s, names); got != want {
			t.Errorf("Closest(%q) = %q, want %q", s, got, want)
		}
	}
}
