module github.com/justbash/justbash

go 1.26

require mvdan.cc/sh/v3 v3.14.1 // indirect
