package curl

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/justbash/justbash/commands/cliopt"
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

var curlSet = cliopt.Set{Opts: []cliopt.Opt{
	{Short: 'X', Long: "request", Arg: true}, {Short: 'H', Long: "header", Arg: true},
	{Short: 'd', Long: "data", Arg: true}, {Long: "data-ascii", Arg: true, Key: "data"},
	{Long: "data-raw", Arg: true}, {Long: "data-binary", Arg: true},
	{Long: "data-urlencode", Arg: true}, {Long: "json", Arg: true},
	{Short: 'G', Long: "get"}, {Short: 'F', Long: "form", Arg: true},
	{Short: 'u', Long: "user", Arg: true}, {Short: 'A', Long: "user-agent", Arg: true},
	{Short: 'e', Long: "referer", Arg: true}, {Short: 'b', Long: "cookie", Arg: true},
	{Short: 'c', Long: "cookie-jar", Arg: true}, {Short: 'o', Long: "output", Arg: true},
	{Short: 'O', Long: "remote-name"}, {Short: 'I', Long: "head"}, {Short: 'i', Long: "include"},
	{Short: 's', Long: "silent"}, {Short: 'S', Long: "show-error"}, {Short: 'f', Long: "fail"},
	{Long: "fail-with-body", Key: "fail"},
	{Short: 'L', Long: "location"}, {Long: "max-redirs", Arg: true}, {Short: 'm', Long: "max-time", Arg: true},
	{Long: "connect-timeout", Arg: true}, {Short: 'w', Long: "write-out", Arg: true},
	{Short: 'v', Long: "verbose"}, {Long: "url", Arg: true}, {Long: "compressed"},
	{Short: 'k', Long: "insecure"}, {Long: "no-progress-meter"}, {Short: '#', Long: "progress-bar"},
	{Long: "help"}, {Short: 'h'},
}}

func parseOpts(args []string) (*opts, error) {
	res, ops, err := curlSet.Parse(args)
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

func (o *opts) apply(r cliopt.Result) error {
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
