package search

import (
	_ "embed"
	"encoding/binary"
	"hash/crc64"
	"unsafe"
)

//go:generate go test -run TestNetQuantizedCheckedIn -update-netq .

// netQuantized is the embedded network (net.bin) quantised when it was embedded, as
// marshalQuantized writes it, so that a process copies its tables instead of
// computing them (over a hundred milliseconds of CPU) before its first search.
//
//go:embed net_q.bin
var netQuantized []byte

const netQMagic = "UTTTQNT2"

// netQDigest is the size of srcDigest's value in the quantised file's header.
const netQDigest = 16

// srcDigest identifies the network file src the quantised tables were made from: its
// CRC-64 (ECMA) and its length. It guards against a stale file, not against tampering,
// and needs no crypto package (whose package inits a process would pay at start).
func srcDigest(src []byte) [netQDigest]byte {
	var d [netQDigest]byte
	binary.LittleEndian.PutUint64(d[:], crc64.Checksum(src, crc64.MakeTable(crc64.ECMA)))
	binary.LittleEndian.PutUint64(d[8:], uint64(len(src)))
	return d
}

// arrays returns q's tables as byte views in the machine's byte order, in the order of
// the quantised file.
func (q *Network) arrays() [][]byte {
	return [][]byte{bytesOf(&q.v), bytesOf(&q.x), bytesOf(&q.l), bytesOf(&q.f), bytesOf(&q.xe), bytesOf(&q.xs),
		bytesOf(&q.b1), bytesOf(&q.w2), bytesOf(&q.xs16), bytesOf(&q.xe16), bytesOf(&q.w216)}
}

func bytesOf[T any](p *T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(p)), unsafe.Sizeof(*p))
}

// littleEndian reports whether the machine stores integers least significant byte first,
// the byte order of the quantised file.
func littleEndian() bool { return binary.NativeEndian.Uint16([]byte{1, 0}) == 1 }

// marshalQuantized writes q, the quantisation of the network file src: the magic, the
// digest of src (srcDigest), the flags lines and fits16 and c, a, k, then the tables (arrays) in
// little-endian order. It must run on a little-endian machine.
func (q *Network) marshalQuantized(src []byte) []byte {
	sum := srcDigest(src)
	out := append([]byte(netQMagic), sum[:]...)
	out = append(out, b2byte(q.lines), b2byte(q.fits16))
	for _, v := range []int32{q.c, q.a, q.k} {
		out = binary.LittleEndian.AppendUint32(out, uint32(v))
	}
	for _, a := range q.arrays() {
		out = append(out, a...)
	}
	return out
}

func b2byte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// unmarshalQuantized returns the network data holds (marshalQuantized's output), or nil
// when data is not the quantisation of the network file src or the machine is not
// little-endian: the caller then quantises src itself.
func unmarshalQuantized(data, src []byte) *Network {
	const head = len(netQMagic) + netQDigest + 2 + 3*4
	sum := srcDigest(src)
	if !littleEndian() || len(data) < head || string(data[:len(netQMagic)]) != netQMagic ||
		string(data[len(netQMagic):len(netQMagic)+netQDigest]) != string(sum[:]) {
		return nil
	}
	q := new(Network)
	hugePages(unsafe.Pointer(q), unsafe.Sizeof(*q))
	arrays, size := q.arrays(), head
	for _, a := range arrays {
		size += len(a)
	}
	if len(data) != size {
		return nil
	}
	flags := data[len(netQMagic)+netQDigest:]
	q.lines, q.fits16 = flags[0] == 1, flags[1] == 1
	num := func(i int) int32 { return int32(binary.LittleEndian.Uint32(flags[2+4*i:])) }
	q.c, q.a, q.k = num(0), num(1), num(2)
	data = data[head:]
	for _, a := range arrays {
		data = data[copy(a, data):]
	}
	return q
}
