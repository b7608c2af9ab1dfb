// Package layers holds no code: its test checks which way the module's packages may
// import (see layers_test.go), so that a forbidden edge fails the build's tests.
package layers
