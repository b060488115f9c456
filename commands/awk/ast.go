package awk

// The AST is already resolved: variables carry their slot (global index or
// local frame index), so the interpreter never looks names up at run time.

type expr interface{}
type stmt interface{}

// Special variables live in fixed global slots; assignments to them go
// through a hook so derived state (field splitter, output separators) stays
// in sync.
const (
	vNF = iota
	vNR
	vFNR
	vFS
	vOFS
	vORS
	vRS
	vSUBSEP
	vCONVFMT
	vOFMT
	vRSTART
	vRLENGTH
	vFILENAME
	vRT
	vARGC
	// predefined arrays share the global numbering
	vARGV
	vENVIRON
	vPROCINFO
	numPredef
	// slots below numSpecial are scalars accessed through specialVar
	numSpecial = vARGV
)

// specialNames is built on first use (see tables.go).
func specialNamesMap() map[string]int {
	return map[string]int{
		"NF": vNF, "NR": vNR, "FNR": vFNR, "FS": vFS, "OFS": vOFS, "ORS": vORS,
		"RS": vRS, "SUBSEP": vSUBSEP, "CONVFMT": vCONVFMT, "OFMT": vOFMT,
		"RSTART": vRSTART, "RLENGTH": vRLENGTH, "FILENAME": vFILENAME, "RT": vRT,
		"ARGC": vARGC, "ARGV": vARGV, "ENVIRON": vENVIRON, "PROCINFO": vPROCINFO,
	}
}

type (
	constExpr  struct{ v value }
	regexExpr  struct{ re *regex } // bare /re/ matches $0
	globalVar  struct{ idx int }
	localVar   struct{ idx int }
	specialVar struct{ idx int } // special scalar with read/write hooks
	fieldExpr  struct {
		index expr
		line  int
	}
	arrayRef struct {
		local bool
		idx   int
		name  string
		// sub selects a sub-array (gawk's arrays of arrays): a[i][j] as
		// an array is a with sub [[i] [j]].
		sub [][]expr
	}
	indexExpr struct {
		arr  *arrayRef
		keys []expr
	}
	assignExpr struct {
		lhs expr
		rhs expr
	}
	augAssignExpr struct {
		op  tok
		lhs expr
		rhs expr
	}
	incDecExpr struct {
		lhs   expr
		delta float64
		pre   bool
	}
	condExpr struct{ c, a, b expr }
	andExpr  struct{ l, r expr }
	orExpr   struct{ l, r expr }
	binExpr  struct {
		op   tok
		l, r expr
	}
	cmpExpr struct {
		op   tok
		l, r expr
	}
	matchExpr struct {
		l   expr
		re  expr // *regexExpr for a literal, else dynamic
		neg bool
	}
	concatExpr struct{ parts []expr }
	unaryExpr  struct {
		op tok
		x  expr
	}
	notExpr struct{ x expr }
	inExpr  struct {
		keys []expr
		arr  *arrayRef
	}
	callExpr struct {
		name string
		fn   *funcDef
		args []expr
		line int
	}
	builtinExpr struct {
		fn   int
		args []expr
	}
	getlineExpr struct {
		kind int // getPlain, getFile, getCmd
		src  expr
		lhs  expr // nil: $0
	}
	groupExpr struct{ list []expr } // (a, b) — only valid after print
)

const (
	getPlain = iota
	getFile
	getCmd
)

type (
	printStmt struct {
		printf bool
		args   []expr
		redir  tok // 0, tGt, tAppend, tPipe
		dest   expr
		line   int // source line, for messages (0: none)
	}
	exprStmt struct {
		e    expr
		line int
	}
	blockStmt struct{ list []stmt }
	ifStmt    struct {
		cond       expr
		then, els_ stmt
	}
	whileStmt struct {
		cond expr
		body stmt
	}
	doStmt struct {
		body stmt
		cond expr
	}
	forStmt struct {
		init stmt
		cond expr
		post stmt
		body stmt
	}
	forInStmt struct {
		v    expr
		arr  *arrayRef
		body stmt
	}
	nextStmt     struct{}
	nextfileStmt struct{}
	exitStmt     struct{ e expr }
	returnStmt   struct{ e expr }
	breakStmt    struct{}
	continueStmt struct{}
	deleteStmt   struct {
		arr  *arrayRef
		keys []expr // nil: the whole array
	}
)

type funcDef struct {
	name    string
	params  []string
	isArray []bool
	body    *blockStmt
	line    int
	calls   []*callExpr // calls made in the body, for array inference
	nlocals int
	defined bool
}

type item struct {
	pat, pat2 expr // pat2 != nil: range pattern
	body      *blockStmt
	inRange   bool
	line      int // the pattern's (or body's) source line
}

type program struct {
	begins []*blockStmt
	items  []*item
	ends   []*blockStmt
	// beginFiles and endFiles are gawk's BEGINFILE and ENDFILE rules.
	beginFiles []*blockStmt
	endFiles   []*blockStmt
	funcs      map[string]*funcDef
	globals    map[string]int
	nglob      int
}
