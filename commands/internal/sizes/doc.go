// Package sizes prints and parses byte sizes in GNU's forms: human
// readable (1.5K, 2.0M) and suffixed arguments (10K, 1MB, 2GiB).
package sizes
