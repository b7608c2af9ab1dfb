package bulk

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"strings"
	"syscall"
	"unsafe"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/fileio"
)

// The calls below are raw system calls: on a regular file in the page cache each takes
// a microsecond or two, less than the Go scheduler's own hand-off around a system call,
// which showed as half the CPU time of scoring a directory of small files.

// sysOpen opens path read-only without blocking: relative to the directory it opened
// last when path is in the same directory (a walk hands each worker runs of files from
// one directory, and the kernel then looks up one name instead of the whole path).
// listed says path comes from listDir, whose names are followed by a NUL byte in
// memory (it is then passed to the kernel as it is, without a copy), and adds
// O_NOFOLLOW: such a file was a regular file when it was listed.
func (l *loader) sysOpen(path string, listed bool) (int, error) {
	dirfd, name := atFDCWD, path
	if i := strings.LastIndexByte(path, '/'); i > 0 && i < len(path)-1 {
		dir := path[:i]
		if l.dirFD == nil {
			// The descriptor lives apart from l, for l's cleanup to close it.
			l.dirFD = new(int)
			runtime.AddCleanup(l, closeFD, l.dirFD)
		}
		if *l.dirFD == 0 || l.dir != dir {
			l.closeDir()
			if fd, err := rawOpen(atFDCWD, dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, &l.path); err == nil {
				l.dir, *l.dirFD = dir, fd+1
			}
		}
		if *l.dirFD != 0 && l.dir == dir {
			dirfd, name = *l.dirFD-1, path[i+1:]
		}
	}
	flags := syscall.O_RDONLY | syscall.O_CLOEXEC | syscall.O_NONBLOCK
	var cname *byte // name NUL-terminated
	if listed {
		flags |= syscall.O_NOFOLLOW
		cname = unsafe.StringData(name)
	} else {
		l.path = append(append(l.path[:0], name...), 0)
		cname = &l.path[0]
	}
	if !l.atime {
		// O_NOATIME: reading does not dirty the inode (on a relatime mount the first
		// read after a write would). Only the owner may ask; others get EPERM once.
		fd, err := rawOpenC(dirfd, cname, flags|syscall.O_NOATIME)
		if err != syscall.EPERM {
			return fd, err
		}
		l.atime = true
	}
	return rawOpenC(dirfd, cname, flags)
}

// atFDCWD is AT_FDCWD: paths relative to the working directory.
const atFDCWD = -100

// closeDir closes the directory sysOpen keeps open.
func (l *loader) closeDir() {
	closeFD(l.dirFD)
	l.dir = ""
}

// closeFD closes the descriptor *fd-1 (0: none) and clears it.
func closeFD(fd *int) {
	if *fd != 0 {
		syscall.Close(*fd - 1)
		*fd = 0
	}
}

// rawOpen is openat(dirfd, name, flags), name made NUL-terminated in *scratch.
func rawOpen(dirfd int, name string, flags int, scratch *[]byte) (int, error) {
	p := append(append((*scratch)[:0], name...), 0)
	*scratch = p
	return rawOpenC(dirfd, &p[0], flags)
}

// rawOpenC is openat(dirfd, name, flags) of a NUL-terminated name.
func rawOpenC(dirfd int, name *byte, flags int) (int, error) {
	for {
		fd, _, e := syscall.RawSyscall6(syscall.SYS_OPENAT, uintptr(dirfd), uintptr(unsafe.Pointer(name)), uintptr(flags), 0, 0, 0)
		if e == syscall.EINTR {
			continue
		}
		if e != 0 {
			return -1, e
		}
		return int(fd), nil
	}
}

func sysRead(fd int, p []byte) (int, error) {
	for {
		n, _, e := syscall.RawSyscall(syscall.SYS_READ, uintptr(fd), uintptr(unsafe.Pointer(unsafe.SliceData(p))), uintptr(len(p)))
		if e == syscall.EINTR {
			continue
		}
		if e != 0 {
			return 0, e
		}
		return int(n), nil
	}
}

// loadRegular reads a regular file in four system calls (open, fstat, read, close);
// done is false when path is not a regular file, for the caller to read it another way
// (a FIFO or device may block, so it is read where Ctrl-C can stop it).
func (l *loader) loadRegular(ctx context.Context, path string, b *goban.Board, maxSize int) (done bool, err error) {
	fd, err := l.sysOpen(path, false)
	if err != nil {
		return true, err
	}
	defer syscall.RawSyscall(syscall.SYS_CLOSE, uintptr(fd), 0, 0)
	var st syscall.Stat_t
	if _, _, e := syscall.RawSyscall(syscall.SYS_FSTAT, uintptr(fd), uintptr(unsafe.Pointer(&st)), 0); e != 0 {
		return true, e
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return false, nil
	}
	if st.Size > wholeFile {
		return true, l.streamDetect(ctx, fdReader(fd), b, maxSize)
	}
	want := int(st.Size) + 1 // one byte more, to notice a file that grew
	if cap(l.buf) < want {
		// Sized by the file, doubling up to 64 KiB so that a run of files reallocates
		// rarely.
		l.buf = make([]byte, max(want, min(2*cap(l.buf), 64<<10), 4<<10))
	}
	buf := l.buf[:want]
	n := 0
	for n < len(buf) {
		m, err := sysRead(fd, buf[n:])
		if err != nil {
			return true, err
		}
		if m == 0 {
			break
		}
		n += m
		if int64(n) == st.Size {
			break // read to its size: no call to see the end
		}
	}
	data := buf[:n]
	if l.wantGzip || isGzip(data) {
		var r io.Reader = bytes.NewReader(data)
		if n == len(buf) { // the file grew: read what it holds now
			r = io.MultiReader(r, fdReader(fd))
		}
		return true, l.streamDetect(ctx, r, b, maxSize)
	}
	if claimed, err := l.claim(data); err != nil {
		return true, err
	} else if claimed {
		if n == len(buf) { // the file grew: read what it holds now
			rest, err := fileio.ReadLimited(fdReader(fd), "input", fileio.MaxMember, l.readShare())
			if err != nil {
				return true, err
			}
			data = append(data, rest...)
		}
		l.whole = data
		return true, nil
	}
	if n == len(buf) { // the file grew: read the rest through the parser
		return true, l.stream(ctx, fdReader(fd), data, b, maxSize)
	}
	return true, l.parseWhole(ctx, data, b, maxSize)
}

// loadListed reads a file that listDir found to be a regular file with three system
// calls: openat (with O_NOFOLLOW), one read into a buffer of listedBuf bytes, close.
// A read that returns less than the buffer holds the whole file: Linux reads a regular
// file until the buffer is full or the file ends, and stops early only on an I/O error
// (after some bytes) or a fatal signal, which ends the process anyway; a file written
// while it is read may give any of its states, as with every other reader. Anything
// else goes to loadRegular, which checks the type with fstat (done is then false): a
// name that became a symbolic link since the listing, a read that fills the buffer (a
// large file, or a special file put there since), an empty read and a failed read.
func (l *loader) loadListed(ctx context.Context, path string, b *goban.Board, maxSize int) (done bool, err error) {
	if cap(l.buf) < listedBuf {
		l.buf = make([]byte, listedBuf)
	}
	n, ok, err := l.readListed(path, l.buf[:listedBuf])
	if err != nil {
		return true, err
	}
	if !ok {
		return false, nil
	}
	return true, l.loadData(ctx, l.buf[:n], b, maxSize)
}

// readListed is loadListed's reading: it reads the file into buf (of listedBuf bytes)
// and returns its size; ok is false, and err nil, when it must be read another way.
func (l *loader) readListed(path string, buf []byte) (n int, ok bool, err error) {
	fd, err := l.sysOpen(path, true)
	if err != nil {
		if err == syscall.ELOOP {
			return 0, false, nil
		}
		return 0, false, err
	}
	n, err = sysRead(fd, buf)
	syscall.RawSyscall(syscall.SYS_CLOSE, uintptr(fd), 0, 0)
	if err != nil || n == 0 || n == len(buf) {
		return 0, false, nil
	}
	return n, true, nil
}

// fdReader reads a file descriptor with plain read calls.
type fdReader int

func (f fdReader) Read(p []byte) (int, error) {
	n, err := sysRead(int(f), p)
	if err != nil {
		return 0, err
	}
	if n == 0 && len(p) > 0 {
		return 0, io.EOF
	}
	return n, nil
}

// listDir appends the regular files of dir to files and its directories to dirs (as
// prefix+name, hidden names skipped); false when it holds anything else (a link, a
// special file, an entry of unknown type) or cannot be read. It reads the entries
// with getdents64 into one buffer.
func listDir(dir, prefix string, files *pathList, dirs *[]string) bool {
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return false
	}
	defer syscall.Close(fd)
	buf := make([]byte, 64<<10)
	path := []byte(prefix)
	for {
		n, err := syscall.ReadDirent(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return false
		}
		if n <= 0 {
			return true
		}
		for b := buf[:n]; len(b) >= 19; {
			// struct linux_dirent64: ino u64, off s64, reclen u16, type u8, name.
			reclen := int(b[16]) | int(b[17])<<8
			if reclen < 19 || reclen > len(b) {
				return false
			}
			typ, name := b[18], b[19:reclen]
			b = b[reclen:]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			if len(name) == 0 || name[0] == '.' {
				continue // ".", ".." and hidden names
			}
			path = append(path[:len(prefix)], name...)
			switch typ {
			case syscall.DT_REG:
				files.add(path)
			case syscall.DT_DIR:
				*dirs = append(*dirs, string(path))
			default:
				return false
			}
		}
	}
}
