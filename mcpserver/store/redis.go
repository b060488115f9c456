package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/redis/go-redis/v9"
)

// Redis keeps sessions in a Redis database, shared by every replica that
// opens the same URL. Keys (prefix "justbash:"): s:<id>:lease holds the
// lease token; s:<id>:doc:<key> a document; s:<id>:logs a list of log
// lines; s:<id>:seen a marker whose expiry is the session's idle TTL.
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
	return "justbash:s:" + session + ":" + strings.Join(parts, ":")
}

// The scripts check the lease token and write in one step, so a write
// never lands after the lease moved on.
var (
	renewScript = redis.NewScript(`if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`)
	releaseScript = redis.NewScript(`if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1]) else return 0 end`)
	// KEYS: lease, doc, seen. ARGV: token, value, idle ms.
	putScript = redis.NewScript(`if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('set', KEYS[2], ARGV[2], 'PX', ARGV[3])
redis.call('set', KEYS[3], '1', 'PX', ARGV[3])
return 1`)
	// KEYS: lease, logs, seen. ARGV: token, line, max, idle ms.
	logScript = redis.NewScript(`if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('rpush', KEYS[2], ARGV[2])
if tonumber(ARGV[3]) > 0 then redis.call('ltrim', KEYS[2], -tonumber(ARGV[3]), -1) end
redis.call('pexpire', KEYS[2], ARGV[4])
redis.call('set', KEYS[3], '1', 'PX', ARGV[4])
return 1`)
	// KEYS: lease, logs. ARGV: token. Returns false when not held.
	drainScript = redis.NewScript(`if redis.call('get', KEYS[1]) ~= ARGV[1] then return false end
local l = redis.call('lrange', KEYS[2], 0, -1)
redis.call('del', KEYS[2])
return l`)
)

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
		n, err := renewScript.Run(ctx, r.c, []string{lease}, token, ms).Int()
		return n == 1, err
	}, func(ctx context.Context, token string) error {
		return releaseScript.Run(ctx, r.c, []string{lease}, token).Err()
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
	n, err := putScript.Run(ctx, r.c, []string{key(l.Session, "lease"), key(l.Session, "doc", k), key(l.Session, "seen")},
		l.token, val, r.idleMS()).Int()
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrLeaseLost
	}
	return nil
}

// AppendLog implements Store.
func (r *Redis) AppendLog(ctx context.Context, l *Lease, line string, max int) error {
	n, err := logScript.Run(ctx, r.c, []string{key(l.Session, "lease"), key(l.Session, "logs"), key(l.Session, "seen")},
		l.token, line, max, r.idleMS()).Int()
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrLeaseLost
	}
	return nil
}

// DrainLogs implements Store.
func (r *Redis) DrainLogs(ctx context.Context, l *Lease) ([]string, error) {
	v, err := drainScript.Run(ctx, r.c, []string{key(l.Session, "lease"), key(l.Session, "logs")}, l.token).StringSlice()
	if errors.Is(err, redis.Nil) {
		return nil, ErrLeaseLost
	}
	return v, err
}

// Sessions implements Store: the sessions whose idle TTL has not run out.
func (r *Redis) Sessions(ctx context.Context) (int, error) {
	n := 0
	iter := r.c.Scan(ctx, 0, "justbash:s:*:seen", 1000).Iterator()
	for iter.Next(ctx) {
		n++
	}
	return n, iter.Err()
}
