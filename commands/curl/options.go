package curl

import (
	"fmt"
	"net/url"
	"strings"

	getopt "github.com/justbash/justbash/commands/internal/opts"
)

// opts is a parsed curl command line.
type opts struct {
	url                               string
	method                            string
	headers                           []string
	data                              []string // already-encoded pieces joined with &
	hasData, get, head, include, fail bool
	silent, showErr, follow, verbose  bool
	remoteName, jsonBody              bool
	forms                             []string
	user, agent, referer, cookie, jar string
	output, writeOut                  string
	maxRedirs                         int
	maxTime, connectTimeout           float64
}

var curlSet = getopt.Parser{Opts: []getopt.Opt{
	{Short: 'X', Long: "request", Arg: true, Key: "request"}, {Short: 'H', Long: "header", Arg: true, Key: "header"},
	{Short: 'd', Long: "data", Arg: true, Key: "data"}, {Long: "data-ascii", Arg: true, Key: "data"},
	{Long: "data-raw", Arg: true}, {Long: "data-binary", Arg: true},
	{Long: "data-urlencode", Arg: true}, {Long: "json", Arg: true},
	{Short: 'G', Long: "get", Key: "get"}, {Short: 'F', Long: "form", Arg: true, Key: "form"},
	{Short: 'u', Long: "user", Arg: true, Key: "user"}, {Short: 'A', Long: "user-agent", Arg: true, Key: "user-agent"},
	{Short: 'e', Long: "referer", Arg: true, Key: "referer"}, {Short: 'b', Long: "cookie", Arg: true, Key: "cookie"},
	{Short: 'c', Long: "cookie-jar", Arg: true, Key: "cookie-jar"}, {Short: 'o', Long: "output", Arg: true, Key: "output"},
	{Short: 'O', Long: "remote-name", Key: "remote-name"}, {Short: 'I', Long: "head", Key: "head"}, {Short: 'i', Long: "include", Key: "include"},
	{Short: 's', Long: "silent", Key: "silent"}, {Short: 'S', Long: "show-error", Key: "show-error"}, {Short: 'f', Long: "fail", Key: "fail"},
	{Long: "fail-with-body", Key: "fail"},
	{Short: 'L', Long: "location", Key: "location"}, {Long: "max-redirs", Arg: true}, {Short: 'm', Long: "max-time", Arg: true, Key: "max-time"},
	{Long: "connect-timeout", Arg: true}, {Short: 'w', Long: "write-out", Arg: true, Key: "write-out"},
	{Short: 'v', Long: "verbose", Key: "verbose"}, {Long: "url", Arg: true}, {Long: "compressed"},
	{Short: 'k', Long: "insecure", Key: "insecure"}, {Long: "no-progress-meter"}, {Short: '#', Long: "progress-bar", Key: "progress-bar"},
	{Long: "help"}, {Short: 'h'},
}}

func parseOpts(args []string) (*opts, error) {
	res, ops, err := curlSet.Split(args)
	if err != nil {
		return nil, err
	}
	o := &opts{maxRedirs: 50}
	for _, r := range res {
		if err := o.apply(r); err != nil {
			return nil, err
		}
	}
	if o.url == "" && len(ops) > 0 {
		o.url = ops[0]
	}
	if o.url == "" {
		return nil, fmt.Errorf("no URL specified")
	}
	return o, nil
}

func (o *opts) apply(r getopt.Result) error {
	switch r.Key {
	case "request":
		o.method = r.Val
	case "header":
		o.headers = append(o.headers, r.Val)
	case "data":
		o.data, o.hasData = append(o.data, r.Val), true
	case "data-binary":
		o.data, o.hasData = append(o.data, "\x00bin"+r.Val), true
	case "data-raw":
		o.data, o.hasData = append(o.data, "\x00raw"+r.Val), true
	case "data-urlencode":
		o.data, o.hasData = append(o.data, urlencodeArg(r.Val)), true
	case "json":
		o.data, o.hasData, o.jsonBody = append(o.data, r.Val), true, true
	case "get":
		o.get = true
	case "form":
		o.forms = append(o.forms, r.Val)
	case "user":
		o.user = r.Val
	case "user-agent":
		o.agent = r.Val
	case "referer":
		o.referer = r.Val
	case "cookie":
		o.cookie = r.Val
	case "cookie-jar":
		o.jar = r.Val
	case "output":
		o.output = r.Val
	case "remote-name":
		o.remoteName = true
	case "head":
		o.head = true
	case "include":
		o.include = true
	case "silent":
		o.silent = true
	case "show-error":
		o.showErr = true
	case "fail":
		o.fail = true
	case "location":
		o.follow = true
	case "max-redirs":
		if _, err := fmt.Sscan(r.Val, &o.maxRedirs); err != nil {
			return fmt.Errorf("option --max-redirs: expected a proper numerical parameter")
		}
	case "max-time":
		if _, err := fmt.Sscan(r.Val, &o.maxTime); err != nil {
			return fmt.Errorf("option --max-time: expected a proper numerical parameter")
		}
	case "connect-timeout":
		if _, err := fmt.Sscan(r.Val, &o.connectTimeout); err != nil {
			return fmt.Errorf("option --connect-timeout: expected a proper numerical parameter")
		}
	case "write-out":
		o.writeOut = r.Val
	case "verbose":
		o.verbose = true
	case "url":
		o.url = r.Val
	}
	return nil
}

// urlencodeArg implements --data-urlencode's forms: "content", "=content",
// "name=content" (only content is encoded).
func urlencodeArg(v string) string {
	if name, content, ok := strings.Cut(v, "="); ok {
		if name == "" {
			return "\x00raw" + url.QueryEscape(content)
		}
		return "\x00raw" + name + "=" + url.QueryEscape(content)
	}
	return "\x00raw" + url.QueryEscape(v)
}
