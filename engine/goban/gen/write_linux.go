package gen

import (
	"errors"
	"syscall"
)

// writeFile writes data to tmp and renames it to path, so that path appears whole.
// The file's mode is 0666 less the umask.
func writeFile(tmp, path string, data []byte) error {
	fd, err := syscall.Open(tmp, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_TRUNC|syscall.O_CLOEXEC, 0o666)
	if err != nil {
		return err
	}
	for len(data) > 0 {
		n, err := syscall.Write(fd, data)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			syscall.Close(fd)
			return err
		}
		if n == 0 {
			syscall.Close(fd)
			return errors.New("short write")
		}
		data = data[n:]
	}
	if err := syscall.Close(fd); err != nil {
		return err
	}
	return syscall.Rename(tmp, path)
}
