package zoo

// RNG is a small, fast, allocation-free generator (xorshift64*), seeded through
// splitmix64 so that nearby seeds give unrelated streams.
type RNG struct{ s uint64 }

// NewRNG returns a generator for seed.
func NewRNG(seed uint64) RNG {
	z := seed + 0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	z ^= z >> 31
	if z == 0 {
		z = 0x9E3779B97F4A7C15
	}
	return RNG{z}
}

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 {
	x := r.s
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	r.s = x
	return x * 0x2545F4914F6CDD1D
}

// Intn returns a number in [0, n) for 0 < n < 2^32 (Lemire's multiply-shift, with
// negligible bias for the small n used here).
func (r *RNG) Intn(n int) int {
	return int((r.Uint64() >> 32) * uint64(n) >> 32)
}

// Mix derives the seed of item i of a run seeded with seed, so item i can be replayed
// alone (for instance game i of a resumed self-play run).
func Mix(seed, i uint64) uint64 {
	r := NewRNG(seed ^ (i+1)*0xD1B54A32D192ED03)
	return r.Uint64()
}
