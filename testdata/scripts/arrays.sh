a=(one two three)
a+=(four)
echo "${#a[@]} ${a[1]} ${a[-1]} ${a[@]:1:2}"
declare -A m=([x]=1 [y]=2)
for k in $(printf '%s\n' "${!m[@]}" | sort); do echo "$k=${m[$k]}"; done
(( a_len = ${#a[@]} * 2 )); echo $a_len
