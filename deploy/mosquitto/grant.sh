#!/bin/sh
# Once the broker runs: the admin role may publish the push topics (the servers publish with it).
set -eu
until mosquitto_ctrl -h mosquitto -p 1883 -u "$MQTT_ADMIN_USERNAME" -P "$MQTT_ADMIN_PASSWORD" dynsec listClients >/dev/null 2>&1; do
  sleep 1
done
mosquitto_ctrl -h mosquitto -p 1883 -u "$MQTT_ADMIN_USERNAME" -P "$MQTT_ADMIN_PASSWORD" \
  dynsec addRoleACL admin publishClientSend '#' allow || true
