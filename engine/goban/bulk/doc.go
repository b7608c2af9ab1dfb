// Package bulk scores Go positions in bulk by Tromp-Taylor rules: files, folders, gzip
// and zip archives of text boards and SGF records, or streams of one board per line,
// scored in parallel with the results written in input order; it also draws ownership
// maps and generates boards.
package bulk
