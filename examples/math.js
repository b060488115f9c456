// Tools for justbash, written as plain JavaScript:
//
//   justbash --tools examples/math.js -c 'math add a=2 b=3 | jq .sum'
//
// Each exported function is a tool; `math.add` becomes the command
// `math add`. A tool may be a bare function or an object carrying a
// description and a JSON Schema for its parameters (used for --help,
// validation, completion and to read `a=2` as a number).
export default {
  math: {
    add: {
      description: "Add two numbers",
      parameters: {
        type: "object",
        properties: {
          a: { type: "number", description: "first addend" },
          b: { type: "number", description: "second addend" },
        },
        required: ["a", "b"],
      },
      run: ({ a, b }) => ({ sum: a + b }),
    },
    multiply: {
      description: "Multiply two numbers",
      parameters: {
        type: "object",
        properties: { a: { type: "number" }, b: { type: "number" } },
        required: ["a", "b"],
      },
      run: ({ a, b }) => ({ product: a * b }),
    },
    // A bare function works too: no schema, so arguments arrive as given.
    sqrt: ({ x }) => ({ root: Math.sqrt(x) }),
  },
};
