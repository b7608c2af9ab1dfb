// Package bulk scores Go positions in bulk by Tromp-Taylor rules (or, for SGF games,
// a server's area or territory count): files, folders, gzip and zip archives of text
// boards and SGF records, or streams of one board per line, scored in parallel with
// the results in input order; it also draws ownership maps.
//
// It follows the bulk contract shared with the other games' bulk packages: a job takes
// its inputs as values (fileio.Inputs, and the reader an input "-" reads) and an
// Options (Workers, Shard, Progress, OnError, then goban's own fields), hands each
// result as a typed value to a callback in input order (Score gives a Result per text
// board or SGF game), reports each input, game or line that failed as an *InputError
// to Options.OnError in its place among the results, and returns a Stats (Inputs,
// Records, Failed, then goban's counters). Rendering is separate: AppendText and
// AppendJSON write a Result as "goban score" prints it, and WriteScores is the path
// that writes the text directly; WriteLines writes the results of one board per line.
//
// Unlike fileio.Expand, a folder or zip archive among the inputs is expanded by the
// job itself, by goban's rules: a folder's game files (IsGameFile, or IsLinesFile for
// WriteLines) in sorted order, hidden names never read and the others counted in
// Stats.Skipped, a zip archive's members as inputs named ARCHIVE/MEMBER, and a folder
// with no input an error (*NoInputsError).
package bulk
