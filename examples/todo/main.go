// Command todo is a host-command tool for justbash (see examples/todo.yaml):
// justbash runs it once per call with the tool name as its argument, the
// JSON arguments on stdin, and reads the JSON result from stdout. The list
// lives in the JSON file $TODO_FILE (default todo.json).
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
)

type item struct {
	ID    int    `json:"id"`
	Title string `json:"title"`
	Done  bool   `json:"done"`
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	if len(os.Args) != 2 {
		return fmt.Errorf("usage: todo list|add|done < args.json")
	}
	var args struct {
		Title string `json:"title"`
		ID    int    `json:"id"`
	}
	in, err := io.ReadAll(io.LimitReader(os.Stdin, 1<<20))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(in, &args); err != nil {
		return fmt.Errorf("arguments: %v", err)
	}
	file := os.Getenv("TODO_FILE")
	if file == "" {
		file = "todo.json"
	}
	var items []item
	if data, err := os.ReadFile(file); err == nil {
		if err := json.Unmarshal(data, &items); err != nil {
			return fmt.Errorf("%s: %v", file, err)
		}
	}
	var out any = items
	switch os.Args[1] {
	case "list":
	case "add":
		if args.Title == "" {
			return fmt.Errorf("add: title is required")
		}
		it := item{ID: len(items) + 1, Title: args.Title}
		items = append(items, it)
		out = it
	case "done":
		if args.ID < 1 || args.ID > len(items) {
			return fmt.Errorf("done: no item %d", args.ID)
		}
		items[args.ID-1].Done = true
		out = items[args.ID-1]
	default:
		return fmt.Errorf("unknown tool %q", os.Args[1])
	}
	if items == nil {
		items = []item{}
		out = items
	}
	data, _ := json.MarshalIndent(items, "", "  ")
	if err := os.WriteFile(file, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return json.NewEncoder(os.Stdout).Encode(out)
}
