// Package profile writes pprof profiles of a whole run: a CPU profile from Start to the
// stop function it returns, and a heap (allocs) profile when that function runs.
package profile

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/pprof"

	"github.com/boardlab/boardlab/fileio"
)

// Start begins a CPU profile written to cpu (when not empty) and returns the function
// that ends it and, when mem is not empty, writes the heap profile to mem. Each file
// appears whole (fileio.CreateOutput); a write that failed, such as on a full disk, is
// an error of the stop function. The errors name the flag ("--cpuprofile",
// "--memprofile") whose file failed.
func Start(cpu, mem string) (stop func() error, err error) {
	var out *fileio.Output
	if cpu != "" {
		if out, err = fileio.CreateOutput(cpu, nil); err != nil {
			return nil, fmt.Errorf("--cpuprofile: %w", err)
		}
		if err := pprof.StartCPUProfile(out); err != nil {
			out.Abort()
			return nil, fmt.Errorf("--cpuprofile: %w", err)
		}
	}
	return func() error {
		var errs []error
		if out != nil {
			pprof.StopCPUProfile()
			if err := out.Commit(); err != nil {
				errs = append(errs, flagError("--cpuprofile", cpu, err))
			}
		}
		if mem != "" {
			if err := writeHeap(mem); err != nil {
				errs = append(errs, flagError("--memprofile", mem, err))
			}
		}
		return errors.Join(errs...)
	}, nil
}

// flagError is err of flag's file path: "--cpuprofile /dev/full: no space left on
// device".
func flagError(flag, path string, err error) error {
	var pe *fileio.OutputPathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s %w", flag, err) // it names the path
	}
	return fmt.Errorf("%s %s: %w", flag, path, fileio.Cause(err))
}

// writeHeap writes the allocation profile, after a collection, to path.
func writeHeap(path string) error {
	out, err := fileio.CreateOutput(path, nil)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.Lookup("allocs").WriteTo(out, 0); err != nil {
		out.Abort()
		return err
	}
	return out.Commit()
}
