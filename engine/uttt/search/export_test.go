package search

// BenchPositions gives the benchmarks of package search_test the fixed search positions.
var BenchPositions = benchPositions
