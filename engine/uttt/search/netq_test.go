package search

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var updateNetQ = flag.Bool("update-netq", false, "rewrite net_q.bin, the quantisation of net.bin (go generate)")

// TestNetQuantizedCheckedIn checks that net_q.bin is the quantisation of net.bin that
// the engine would otherwise compute at start-up (go generate ./engine/uttt/search
// rewrites it after net.bin changes), and that it loads back into the same network.
func TestNetQuantizedCheckedIn(t *testing.T) {
	if !littleEndian() {
		t.Skip("net_q.bin is written and read on little-endian machines; others quantise net.bin")
	}
	n := new(FloatNet)
	if err := n.UnmarshalBinary(netBin); err != nil {
		t.Fatal(err)
	}
	want := n.quantize().marshalQuantized(netBin)
	if *updateNetQ {
		if err := os.WriteFile("net_q.bin", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(netQuantized, want) {
		t.Fatalf("net_q.bin (%d bytes) is not the quantisation of net.bin (%d bytes): run go generate ./engine/uttt/search", len(netQuantized), len(want))
	}
	q := unmarshalQuantized(netQuantized, netBin)
	if q == nil {
		t.Fatal("net_q.bin does not load")
	}
	if got := q.marshalQuantized(netBin); !bytes.Equal(got, want) {
		t.Fatal("net_q.bin loads into another network")
	}
	if loadNet().nw.marshalQuantized(netBin) == nil || !bytes.Equal(loadNet().nw.marshalQuantized(netBin), want) {
		t.Fatal("the engine's embedded network is not net.bin's quantisation")
	}
}

// TestNetQuantizedRefused checks that quantised data made from another network file,
// cut short or not in the format is refused (the caller then quantises net.bin).
func TestNetQuantizedRefused(t *testing.T) {
	other := append([]byte(nil), netBin...)
	other[len(other)-1] ^= 1
	for name, c := range map[string]struct{ data, src []byte }{
		"other network": {netQuantized, other},
		"cut short":     {netQuantized[:len(netQuantized)-1], netBin},
		"empty":         {nil, netBin},
		"not the magic": {append([]byte("UTTTNET4"), netQuantized[8:]...), netBin},
	} {
		if unmarshalQuantized(c.data, c.src) != nil {
			t.Errorf("%s: loaded", name)
		}
	}
}
