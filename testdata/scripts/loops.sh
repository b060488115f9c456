for i in 1 2 3; do printf '%d ' $((i*i)); done; echo
i=0; while [ $i -lt 5 ]; do i=$((i+1)); [ $i -eq 2 ] && continue; [ $i -eq 4 ] && break; echo "i=$i"; done
for ((j=3; j>0; j--)); do echo -n "$j "; done; echo
case "file.tar.gz" in *.tar.gz) echo tarball;; *) echo other;; esac
