#!/usr/bin/env bash
# A real one-node Slurm cluster on this machine, for the sweep test
# (docs/sweeps.md#on-a-cluster-slurm-and-kubernetes): munged, slurmctld and slurmd from Debian's
# packages, each with its own config, key, state, spool and logs in a temporary folder, started here
# and stopped here by their pids whatever happens. It submits deploy/slurm/sweep.sbatch (a 4-task
# array and its merge job) for SWEEP with one task cancelled while it runs (scancel), and again with
# one task failing, and checks each time that the merge runs anyway (never waits forever: a merge
# left DependencyNeverSatisfied fails the test at once) and names the missing runs, the array tasks
# that did not complete and the command to resume; then submits it again, and checks that the
# merged CSV equals a local run's byte for byte.
#
#   scripts/slurm-sweep-test.sh PLAYBENCH SWEEP
#
# Exit 0: equal; 1: different or the cluster failed (its logs are printed); 77: cannot run here
# (not root, or Slurm not installed: `make deps` installs it), which ctest reports as skipped.
set -euo pipefail

playbench=$(realpath "$1")
sweep=$(realpath "$2")
here=$(cd "$(dirname "$0")/.." && pwd)
started=$(date +%s)

for tool in munged slurmctld slurmd sbatch squeue sinfo; do
    if ! command -v "$tool" >/dev/null; then
        echo "slurm test: $tool is not installed (scripts/install-deps.sh installs slurm-wlm and munge)" >&2
        exit 77
    fi
done
if [ "$(id -u)" -ne 0 ]; then
    echo "slurm test: skipped, slurmd must run as root (CI runs as root)" >&2
    exit 77
fi

dir=$(mktemp -d /tmp/playbench-slurm.XXXXXX)
chmod 700 "$dir"
pids=()

stop_all() {
    local rc=$?
    # Newest first: slurmd, slurmctld, munged. TERM, then KILL after 10 s.
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
        kill -TERM "${pids[i]}" 2>/dev/null || true
    done
    for pid in "${pids[@]}"; do
        for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
    done
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ]; then
        for log in "$dir"/log/*.log "$dir"/out/slurm-*.out; do
            [ -f "$log" ] || continue
            echo "---- $log (last 30 lines)" >&2
            tail -30 "$log" >&2
        done
    fi
    rm -rf "$dir"
    exit "$rc"
}
trap stop_all EXIT
trap 'exit 1' INT TERM

# The pid a daemon wrote to its pid file (they fork into the background).
read_pid() {
    local file=$1
    for _ in $(seq 100); do
        if [ -s "$file" ]; then cat "$file"; return 0; fi
        sleep 0.1
    done
    echo "slurm test: no pid file $file" >&2
    return 1
}

# A TCP port nobody listens on.
free_port() {
    local port
    for _ in $(seq 50); do
        port=$((20000 + RANDOM % 20000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return 0; fi
    done
    echo "slurm test: no free port" >&2
    return 1
}

mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log" "$dir/out" "$dir/local"
chmod 700 "$dir/munge"
head -c 1024 /dev/urandom > "$dir/munge/munge.key"
chmod 400 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed"
pids+=("$(read_pid "$dir/munge/munged.pid")")

node=$(slurmd -C | head -1)   # NodeName=<host> CPUs=... RealMemory=...: this machine as it is
ctld_port=$(free_port)
slurmd_port=$(free_port)
while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done
cat > "$dir/slurm.conf" <<CONF
ClusterName=playbench-test
SlurmctldHost=$(hostname)(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MinJobAge=600
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf
slurmctld -f "$SLURM_CONF"
pids+=("$(read_pid "$dir/slurmctld.pid")")
slurmd -f "$SLURM_CONF"
pids+=("$(read_pid "$dir/slurmd.pid")")

# Wait for the node to be idle (slurmd registered with slurmctld).
for _ in $(seq 300); do
    state=$(sinfo -h -o %T 2>/dev/null || true)
    [ "$state" = "idle" ] && break
    sleep 0.1
done
if [ "$state" != "idle" ]; then
    echo "slurm test: the node did not come up (state '$state')" >&2
    exit 1
fi
up=$(date +%s)
echo "slurm test: munged, slurmctld and slurmd up in $((up - started)) s (pids ${pids[*]})"

# The reference: the same sweep on this machine, one process.
"$playbench" sweep run "$sweep" --out "$dir/local" --threads 2 >/dev/null
"$playbench" sweep merge "$dir/local" >/dev/null

# Submits the sweep through deploy/slurm/sweep.sbatch with the binary $1 into folder $2 (default
# $dir/out); sets $array and $merge.
submit() {
    local ids
    ids=$(PLAYBENCH="$1" PLAYBENCH_CPUS_PER_TASK=1 bash "$here/deploy/slurm/sweep.sbatch" "$sweep" "${2:-$dir/out}" 4)
    echo "$ids" | sed 's/^/slurm test: /'
    array=$(echo "$ids" | awk '/^array/ {print $2}')
    merge=$(echo "$ids" | awk '/^merge/ {print $2}')
}
# Waits for the array and its merge to leave the queue. A merge Slurm will never start
# (DependencyNeverSatisfied) fails at once: that is the bug this guards against.
wait_for_jobs() {
    local reason
    for _ in $(seq 1200); do
        if [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ]; then return 0; fi
        reason=$(squeue -h -j "$merge" -o %r 2>/dev/null || true)
        if [ "$reason" = DependencyNeverSatisfied ]; then
            echo "slurm test: the merge job $merge waits forever (DependencyNeverSatisfied)" >&2
            squeue >&2
            scancel "$merge" || true
            exit 1
        fi
        sleep 0.25
    done
    echo "slurm test: the jobs did not finish in 5 minutes (a merge waiting on a failed task?)" >&2
    squeue >&2
    exit 1
}
submit_and_wait() {
    submit "$@"
    wait_for_jobs
}
job_state() { scontrol -o show job "$1" | grep -o 'JobState=[A-Z_]*' | sort -u | tr '\n' ' '; }

# A merge that ran on an incomplete sweep: FAILED, naming the missing runs, the array task that
# did not complete (with its state) and the command that resumes the sweep.
check_incomplete_merge() {
    local task=$1 task_state=$2 out=$3 state merge_out
    state=$(job_state "$merge")
    case "$state" in
        *FAILED*) ;;
        *) echo "slurm test: with task $task $task_state, the merge job ended '$state', not FAILED" >&2; exit 1 ;;
    esac
    merge_out="$out/slurm-merge-$merge.out"
    for said in "runs missing (run keys" "array task $task (job ${array}_$task): $task_state" \
        "bash $here/deploy/slurm/sweep.sbatch $sweep $out"; do
        if ! grep -qF "$said" "$merge_out"; then
            echo "slurm test: the incomplete merge does not say '$said':" >&2
            cat "$merge_out" >&2
            exit 1
        fi
    done
    echo "slurm test: task $task $task_state; the merge ran anyway: $(grep -o '[0-9]* of [0-9]* runs missing (run keys [^;]*' "$merge_out")"
}

# First round: array task 2 is cancelled while it runs (a wrapper keeps it busy), as `scancel
# JOB_2` by its user or an admin does.
cat > "$dir/slow-playbench" <<EOS
#!/usr/bin/env bash
if [ "\${PLAYBENCH_SWEEP_ROLE:-}" = shard ] && [ "\${SLURM_ARRAY_TASK_ID:-}" = 2 ]; then
    sleep 300
fi
exec "$playbench" "\$@"
EOS
chmod +x "$dir/slow-playbench"
mkdir -p "$dir/out-cancelled"
submit "$dir/slow-playbench" "$dir/out-cancelled"
for _ in $(seq 1200); do
    [ "$(squeue -h -j "${array}_2" -o %T 2>/dev/null || true)" = RUNNING ] && break
    sleep 0.25
done
scancel "${array}_2"
wait_for_jobs
check_incomplete_merge 2 CANCELLED "$dir/out-cancelled"

# Second round: array task 1 fails (a wrapper in place of the binary). The merge must still run
# (afterany), fail, and say which runs are missing and how to finish.
cat > "$dir/failing-playbench" <<EOS
#!/usr/bin/env bash
if [ "\${PLAYBENCH_SWEEP_ROLE:-}" = shard ] && [ "\${SLURM_ARRAY_TASK_ID:-}" = 1 ]; then
    echo "failing-playbench: array task 1 fails on purpose" >&2
    exit 1
fi
exec "$playbench" "\$@"
EOS
chmod +x "$dir/failing-playbench"
submit_and_wait "$dir/failing-playbench"
check_incomplete_merge 1 FAILED "$(realpath "$dir/out")"

# Third round, as the merge's message says: the same command again finishes the sweep.
submit_and_wait "$playbench"
for job in "$array" "$merge"; do
    bad=$(job_state "$job" | grep -v '^JobState=COMPLETED $' || true)
    if [ -n "$bad" ]; then
        echo "slurm test: job $job ended $bad" >&2
        scontrol -o show job "$job" >&2
        exit 1
    fi
done
tasks=$(ls "$dir"/out/slurm-"$array"_*.out | wc -l)
if [ "$tasks" -ne 4 ]; then
    echo "slurm test: expected 4 array tasks' output, found $tasks" >&2
    exit 1
fi
if ! cmp "$dir/local/results.csv" "$dir/out/results.csv"; then
    echo "slurm test: the cluster's results.csv differs from the local run's" >&2
    diff "$dir/local/results.csv" "$dir/out/results.csv" | head -20 >&2
    exit 1
fi
rows=$(($(wc -l < "$dir/out/results.csv") - 1))
echo "slurm test: resubmitted, 4 array tasks and the merge job completed; results.csv ($rows runs) equals the local run's byte for byte; $(($(date +%s) - started)) s in all"
