#!/usr/bin/env bash
# Starts a throw-away Mosquitto 2 with the dynamic-security plugin and prints the environment
# that points the server (and tests/server/push.test.ts) at it.
# Usage: eval "$(bash .ci/start-mosquitto.sh DIR PORT)"; stop with: eval "$MQTT_STOP"
# PORT is the MQTT listener (the server's); PORT+1 is the websocket listener (the browsers').
set -euo pipefail
dir=$(mkdir -p "$1" && cd "$1" && pwd)
port=${2:-18830}
ws_port=$((port + 1))
plugin=$(dpkg -L mosquitto 2>/dev/null | grep -m1 'mosquitto_dynamic_security.so$' || true)
if [ -z "$plugin" ]; then
  echo "mosquitto's dynamic-security plugin is missing: apt-get install -y mosquitto mosquitto-clients" >&2
  exit 1
fi
admin=cardbook-admin
password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
rm -f "$dir/dynsec.json"
mosquitto_ctrl dynsec init "$dir/dynsec.json" "$admin" "$password" >/dev/null
# The server publishes the push topics with the admin account. Written into the file before the
# start, not by `mosquitto_ctrl dynsec addRoleACL` once up: that call spins a core for 9 s.
node -e '
const fs = require("node:fs");
const file = process.argv[1];
const state = JSON.parse(fs.readFileSync(file, "utf8"));
const admin = state.roles.find((role) => role.rolename === "admin");
admin.acls.push({ acltype: "publishClientSend", topic: "#", priority: 0, allow: true });
fs.writeFileSync(file, JSON.stringify(state, null, 2));
' "$dir/dynsec.json"
# Mosquitto drops privileges to its own user when started as root: let it read and rewrite the state.
if [ "$(id -u)" = 0 ]; then chown -R mosquitto "$dir" 2>/dev/null || true; fi
cat >"$dir/mosquitto.conf" <<CONF
per_listener_settings false
allow_anonymous false
persistence false
pid_file $dir/mosquitto.pid
log_dest file $dir/log
plugin $plugin
plugin_opt_config_file $dir/dynsec.json
listener $port 127.0.0.1
protocol mqtt
listener $ws_port 127.0.0.1
protocol websockets
CONF
mosquitto -c "$dir/mosquitto.conf" -d
for _ in $(seq 1 50); do
  if mosquitto_ctrl -h 127.0.0.1 -p "$port" -u "$admin" -P "$password" dynsec listClients >/dev/null 2>&1; then
    echo "export MQTT_URL=mqtt://127.0.0.1:$port"
    echo "export MQTT_WS_URL=ws://127.0.0.1:$ws_port"
    echo "export MQTT_ADMIN_USERNAME=$admin"
    echo "export MQTT_ADMIN_PASSWORD=$password"
    echo "export MQTT_STOP='kill \$(cat $dir/mosquitto.pid)'"
    exit 0
  fi
  sleep 0.1
done
echo "mosquitto did not start; see $dir/log" >&2
exit 1
