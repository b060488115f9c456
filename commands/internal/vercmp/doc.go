// Package vercmp compares version strings as GNU filevercmp does (sort -V,
// ls -v).
package vercmp
