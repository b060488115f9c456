package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"

	"github.com/redis/go-redis/v9"
)

// Redis keeps sessions in a Redis database, shared by every replica that
// opens the same URL. Keys (prefix "justbash:s:{<id>}:", the braces keep a
// session's keys in one Redis Cluster slot): lease holds the lease token;
// doc:<key> a document; logs the list of log lines, logseq the number of
// the last line ever appended, logdrop the lines dropped since the last
// drain; seen marks a live session; keys indexes them all, so every write
// pushes the idle TTL of the whole session forward.
type Redis struct {
	cfg  Config
	c    *redis.Client
	desc string
}

// NewRedis connects to the Redis a URL names and checks it answers.
func NewRedis(ctx context.Context, rawURL string, cfg Config) (*Redis, error) {
	opt, err := redis.ParseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	c := redis.NewClient(opt)
	if err := c.Ping(ctx).Err(); err != nil {
		c.Close()
		return nil, fmt.Errorf("store: redis at %s: %w", opt.Addr, err)
	}
	return &Redis{cfg: cfg.withDefaults(), c: c, desc: fmt.Sprintf("redis %s db %d", opt.Addr, opt.DB)}, nil
}

// Describe implements Store.
func (r *Redis) Describe() string { return r.desc }

// Close implements Store.
func (r *Redis) Close() error { return r.c.Close() }

func key(session string, parts ...string) string {
	return "justbash:s:{" + session + "}:" + strings.Join(parts, ":")
}

// touchLua, inside a script, records its keys in the session's index
// (KEYS[idx]) and gives every key of the index the idle TTL (ARGV[idle]).
const touchLua = `local function touch(idx, seen, ms, ...)
  redis.call('set', seen, '1')
  redis.call('sadd', idx, seen, ...)
  for _, k in ipairs(redis.call('smembers', idx)) do redis.call('pexpire', k, ms) end
  redis.call('pexpire', idx, ms)
end
`

// The scripts check the lease token and write in one step, so a write
// never lands after the lease moved on.
const (
	renewLua = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`
	releaseLua = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1]) else return 0 end`
	// KEYS: lease, doc, index, seen. ARGV: token, value, idle ms.
	putLua = touchLua + `if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('set', KEYS[2], ARGV[2])
touch(KEYS[3], KEYS[4], ARGV[3], KEYS[2])
return 1`
	// KEYS: lease, logs, logseq, logdrop, index, seen. ARGV: token, idle
	// ms, max, lines...
	logLua = touchLua + `if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
local n = #ARGV - 3
for i = 4, #ARGV do redis.call('rpush', KEYS[2], ARGV[i]) end
redis.call('incrby', KEYS[3], n)
local max = tonumber(ARGV[3])
if max > 0 then
  local over = redis.call('llen', KEYS[2]) - max
  if over > 0 then
    redis.call('ltrim', KEYS[2], over, -1)
    redis.call('incrby', KEYS[4], over)
  end
end
touch(KEYS[5], KEYS[6], ARGV[2], KEYS[2], KEYS[3], KEYS[4])
return 1`
	// KEYS: lease, logs, logseq, logdrop. ARGV: token. Returns false
	// when not held, else {lines, last, dropped}.
	drainLua = `if redis.call('get', KEYS[1]) ~= ARGV[1] then return false end
local l = redis.call('lrange', KEYS[2], 0, -1)
redis.call('del', KEYS[2])
local d = redis.call('get', KEYS[4]) or '0'
if d ~= '0' then redis.call('set', KEYS[4], '0', 'KEEPTTL') end
return {l, redis.call('get', KEYS[3]) or '0', d}`
)

// scripts are made on first use (each hashes its source at creation):
// every justbash start links this package, few ever use it.
var scripts = sync.OnceValue(func() (s struct{ renew, release, put, log, drain *redis.Script }) {
	s.renew, s.release = redis.NewScript(renewLua), redis.NewScript(releaseLua)
	s.put, s.log, s.drain = redis.NewScript(putLua), redis.NewScript(logLua), redis.NewScript(drainLua)
	return s
})

// Acquire implements Store.
func (r *Redis) Acquire(ctx context.Context, session string) (*Lease, error) {
	token := newToken()
	lease := key(session, "lease")
	err := acquireLoop(ctx, r.cfg.Wait, func() (bool, error) {
		ok, err := r.c.SetNX(ctx, lease, token, r.cfg.LeaseTTL).Result()
		if err != nil && ctx.Err() != nil {
			return false, nil // ends as ErrBusy on the next turn
		}
		return ok, err
	})
	if err != nil {
		return nil, err
	}
	ms := r.cfg.LeaseTTL.Milliseconds()
	return newLease(session, token, r.cfg.LeaseTTL, func(token string) (bool, error) {
		ctx, cancel := context.WithTimeout(context.Background(), r.cfg.LeaseTTL/3)
		defer cancel()
		n, err := scripts().renew.Run(ctx, r.c, []string{lease}, token, ms).Int()
		return n == 1, err
	}, func(ctx context.Context, token string) error {
		return scripts().release.Run(ctx, r.c, []string{lease}, token).Err()
	}), nil
}

// Get implements Store.
func (r *Redis) Get(ctx context.Context, session, k string) ([]byte, bool, error) {
	v, err := r.c.Get(ctx, key(session, "doc", k)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, false, nil
	}
	return v, err == nil, err
}

func (r *Redis) idleMS() int64 { return r.cfg.IdleTTL.Milliseconds() }

// Put implements Store.
func (r *Redis) Put(ctx context.Context, l *Lease, k string, val []byte) error {
	n, err := scripts().put.Run(ctx, r.c, []string{key(l.Session, "lease"), key(l.Session, "doc", k), key(l.Session, "keys"), key(l.Session, "seen")},
		l.token, val, r.idleMS()).Int()
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrLeaseLost
	}
	return nil
}

// AppendLogs implements Store.
func (r *Redis) AppendLogs(ctx context.Context, l *Lease, lines []string, max int) error {
	args := make([]any, 0, 3+len(lines))
	args = append(args, l.token, r.idleMS(), max)
	for _, line := range lines {
		args = append(args, line)
	}
	n, err := scripts().log.Run(ctx, r.c, []string{key(l.Session, "lease"), key(l.Session, "logs"), key(l.Session, "logseq"),
		key(l.Session, "logdrop"), key(l.Session, "keys"), key(l.Session, "seen")}, args...).Int()
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrLeaseLost
	}
	return nil
}

// DrainLogs implements Store.
func (r *Redis) DrainLogs(ctx context.Context, l *Lease) (Logs, error) {
	v, err := scripts().drain.Run(ctx, r.c, []string{key(l.Session, "lease"), key(l.Session, "logs"), key(l.Session, "logseq"),
		key(l.Session, "logdrop")}, l.token).Slice()
	if errors.Is(err, redis.Nil) {
		return Logs{}, ErrLeaseLost
	}
	if err != nil {
		return Logs{}, err
	}
	if len(v) != 3 {
		return Logs{}, fmt.Errorf("store: unexpected drain reply %v", v)
	}
	var out Logs
	lines, _ := v[0].([]any)
	for _, x := range lines {
		s, _ := x.(string)
		out.Lines = append(out.Lines, s)
	}
	out.Last, _ = strconv.ParseInt(fmt.Sprint(v[1]), 10, 64)
	out.Dropped, _ = strconv.ParseInt(fmt.Sprint(v[2]), 10, 64)
	return out, nil
}

// Ping implements Store.
func (r *Redis) Ping(ctx context.Context) error { return r.c.Ping(ctx).Err() }

// Sessions implements Store: the sessions whose idle TTL has not run out.
func (r *Redis) Sessions(ctx context.Context) (int, error) {
	n := 0
	iter := r.c.Scan(ctx, 0, "justbash:s:*:seen", 1000).Iterator()
	for iter.Next(ctx) {
		n++
	}
	return n, iter.Err()
}

// SetLogger sends the Redis client's own messages (failed dials and the
// like, process-wide) to l as warnings, instead of the standard logger's
// plain text beside a server's JSON lines.
func SetLogger(l *slog.Logger) { redis.SetLogger(slogPrintf{l}) }

type slogPrintf struct{ l *slog.Logger }

func (s slogPrintf) Printf(ctx context.Context, format string, v ...any) {
	s.l.WarnContext(ctx, "redis client: "+fmt.Sprintf(format, v...))
}
