package search

import (
	"strings"
	"testing"
)

func TestWeightsRoundTrip(t *testing.T) {
	w, err := ParseWeights(weightsText)
	if err != nil {
		t.Fatalf("embedded weights: %v", err)
	}
	if w != DefaultWeights() {
		t.Fatalf("embedded weights %+v are not the default ones %+v", w, DefaultWeights())
	}
	back, err := ParseWeights("# comment\n" + V1Weights.String())
	if err != nil || back != V1Weights {
		t.Fatalf("round trip: %+v %v", back, err)
	}
	for _, bad := range []string{"", "line 1\n", V1Weights.String() + "line 3\n", strings.Replace(V1Weights.String(), "line 1000", "line x", 1), V1Weights.String() + "nosuch 1\n"} {
		if _, err := ParseWeights(bad); err == nil {
			t.Errorf("ParseWeights accepted %q", bad)
		}
	}
}
