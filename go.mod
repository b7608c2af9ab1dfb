module github.com/boardlab/boardlab

go 1.26.0

require (
	github.com/bits-and-blooms/bitset v1.29.0
	github.com/klauspost/cpuid/v2 v2.4.2
	golang.org/x/sys v0.41.0
)

require go.yaml.in/yaml/v3 v3.0.6
