//go:build amd64 && !purego

package goban

import "testing"

func TestFastPEXT(t *testing.T) {
	for _, c := range []struct {
		name string
		eax1 uint32
		fast bool
	}{
		{"Intel Sapphire Rapids", 0x000806f8, true},
		{"Intel Haswell", 0x000306c3, true},
		{"AMD Excavator", 0x00660f51, false},
		{"AMD Zen 1", 0x00800f11, false},
		{"AMD Zen 2", 0x00830f10, false},
		{"Hygon Dhyana", 0x00900f01, false},
		{"AMD Zen 3", 0x00a20f10, true},
		{"AMD Zen 4", 0x00a10f11, true},
		{"AMD Zen 5", 0x00b40f40, true},
	} {
		if got := fastPEXT(c.eax1); got != c.fast {
			t.Errorf("%s (%#x): fast PEXT %v, want %v", c.name, c.eax1, got, c.fast)
		}
	}
}
