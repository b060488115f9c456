package mcpserver

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultCallbackAddr is where `justbash mcp auth` waits for the browser.
const DefaultCallbackAddr = "127.0.0.1:41527"

// AuthOptions configure Authorize.
type AuthOptions struct {
	Store *OAuthStore
	// CallbackAddr is the loopback address of the redirect listener
	// (default DefaultCallbackAddr; port 0 picks a free one).
	CallbackAddr string
	// OpenBrowser opens the authorization URL; nil only prints it.
	OpenBrowser func(url string) error
	// Input is read for a pasted redirect URL (or just the code); nil
	// waits for the loopback callback only.
	Input io.Reader
	// Output gets the instructions.
	Output io.Writer
	// HTTPClient talks to the server and the authorization server.
	HTTPClient *http.Client
}

// authReply is what came back from the user: a code and its state.
type authReply struct {
	code, state string
	err         error
}

// Authorize runs the OAuth authorization-code flow with PKCE for a remote
// server: discovery (protected-resource metadata from the server's 401,
// then the authorization server's metadata), dynamic client registration
// unless the config names a client, the browser (or a printed URL), and
// the code coming back on the loopback callback or pasted by the user.
// The token and the client end up in the store.
func Authorize(ctx context.Context, def *ServerDef, o AuthOptions) error {
	if def.Kind != KindHTTP && def.Kind != KindSSE {
		return fmt.Errorf("server %q is not a remote server (type %s)", def.Name, def.Type)
	}
	if def.OAuth == nil {
		return fmt.Errorf("server %q has OAuth disabled (oauth: false)", def.Name)
	}
	if o.Store == nil {
		return errors.New("no OAuth store")
	}
	if o.Output == nil {
		o.Output = io.Discard
	}
	if o.HTTPClient == nil {
		o.HTTPClient = &http.Client{Timeout: 30 * time.Second}
	}
	addr := o.CallbackAddr
	if addr == "" {
		addr = DefaultCallbackAddr
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listening for the OAuth callback on %s: %v", addr, err)
	}
	defer ln.Close()
	redirect := "http://" + ln.Addr().String() + "/callback"

	prm := probeResourceMetadata(ctx, def, o.HTTPClient)
	if prm != "" {
		// Saved for later refreshes, which discover from it again.
		if err := o.Store.Update(def.Name, def.URL, func(e *OAuthEntry) { e.ResourceMetadataURL = prm }); err != nil {
			return err
		}
	}
	// A client registered earlier was registered for another redirect
	// URI, so without one in the config a new client is registered.
	c := o.Store.newOAuthClient(def, redirect, o.HTTPClient, false)
	if prm != "" {
		c.prm = prm
	}
	if def.OAuth.ClientID == "" {
		if err := c.register(ctx, "justbash"); err != nil {
			if strings.Contains(err.Error(), "does not support dynamic client registration") {
				return fmt.Errorf("%v: set oauth.clientId (and clientSecret) to a client registered with it", err)
			}
			return fmt.Errorf("dynamic client registration: %v", err)
		}
	}
	verifier, state := randomToken(), randomToken()
	authURL, err := c.authCodeURL(ctx, state, verifier)
	if err != nil {
		return fmt.Errorf("authorization server discovery: %v", err)
	}
	replies := make(chan authReply, 2)
	srv := &http.Server{Handler: callbackHandler(replies), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	defer srv.Close()
	if o.Input != nil {
		go readPasted(o.Input, state, replies)
	}

	fmt.Fprintf(o.Output, "Authorize %s by opening this URL:\n\n  %s\n\n", def.Name, authURL)
	if o.OpenBrowser != nil {
		if err := o.OpenBrowser(authURL); err != nil {
			fmt.Fprintf(o.Output, "(could not open a browser: %v)\n", err)
		}
	}
	fmt.Fprintf(o.Output, "Waiting for the redirect to %s", redirect)
	if o.Input != nil {
		fmt.Fprint(o.Output, ", or paste the URL you were redirected to (or the code) here")
	}
	fmt.Fprintln(o.Output, "...")
	var r authReply
	select {
	case r = <-replies:
	case <-ctx.Done():
		return ctx.Err()
	}
	if r.err != nil {
		return r.err
	}
	if r.state != state {
		return errors.New("the authorization response's state does not match the request's")
	}
	if err := c.exchange(ctx, r.code, verifier); err != nil {
		return fmt.Errorf("exchanging the code: %v", err)
	}
	err = o.Store.Update(def.Name, def.URL, func(e *OAuthEntry) {
		if def.OAuth.ClientID == "" {
			e.ClientID, e.ClientSecret, e.AuthMethod = c.clientID, c.clientSecret, c.authMethod
		}
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(o.Output, "Authorized %s; the token is stored in %s.\n", def.Name, o.Store.Path())
	return nil
}

func callbackHandler(replies chan<- authReply) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/callback" {
			http.NotFound(w, r)
			return
		}
		q := r.URL.Query()
		reply := authReply{code: q.Get("code"), state: q.Get("state")}
		msg := "Authorization complete. You can close this window."
		if e := q.Get("error"); e != "" {
			reply.err = fmt.Errorf("authorization failed: %s %s", e, q.Get("error_description"))
			msg = "Authorization failed: " + e
		} else if reply.code == "" {
			http.Error(w, "missing code", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!doctype html><title>justbash</title><p>%s</p>\n", html.EscapeString(msg))
		select {
		case replies <- reply:
		default:
		}
	})
}

// readPasted takes the first useful line: a redirect URL carrying code and
// state, or a bare code (checked against our own state).
func readPasted(in io.Reader, state string, replies chan<- authReply) {
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		reply := authReply{code: line, state: state}
		if strings.Contains(line, "code=") || strings.Contains(line, "error=") {
			raw := line
			if i := strings.Index(raw, "?"); i >= 0 {
				raw = raw[i+1:]
			}
			q, err := url.ParseQuery(raw)
			if err != nil {
				reply = authReply{err: fmt.Errorf("pasted URL: %v", err)}
			} else if e := q.Get("error"); e != "" {
				reply = authReply{err: fmt.Errorf("authorization failed: %s %s", e, q.Get("error_description"))}
			} else {
				reply = authReply{code: q.Get("code"), state: q.Get("state")}
			}
		}
		select {
		case replies <- reply:
		default:
		}
		return
	}
}
