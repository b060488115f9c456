mkdir -p logs
for n in 1 2 3; do echo "line $n" > logs/f$n.log; done
find logs -name '*.log' | sort | xargs cat
printf 'a\nb\n' | xargs -I{} echo item-{}
find logs -name 'f2*' -exec basename {} \;
