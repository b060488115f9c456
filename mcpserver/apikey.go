package mcpserver

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// APIKeyFile is the key's file name in the config directory.
const APIKeyFile = "api-key.txt"

// EnsureAPIKey returns the daemon's API key from dir/api-key.txt, creating
// it (32 random bytes, base64url, mode 0600, never overwriting) when it
// does not exist yet. created reports a new key.
func EnsureAPIKey(dir string) (key string, created bool, err error) {
	path := filepath.Join(dir, APIKeyFile)
	if key, err := ReadAPIKey(path); err == nil {
		return key, false, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", false, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", false, err
	}
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", false, err
	}
	key = base64.RawURLEncoding.EncodeToString(b[:])
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		// Another daemon won the race: use its key.
		key, err = ReadAPIKey(path)
		return key, false, err
	}
	if err != nil {
		return "", false, err
	}
	if _, err := f.WriteString(key + "\n"); err != nil {
		f.Close()
		return "", false, err
	}
	return key, true, f.Close()
}

// ReadAPIKey reads a key file; an empty file is an error.
func ReadAPIKey(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	key := strings.TrimSpace(string(data))
	if key == "" {
		return "", fmt.Errorf("%s: empty API key file", path)
	}
	return key, nil
}
