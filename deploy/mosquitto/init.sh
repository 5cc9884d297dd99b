#!/bin/sh
# Makes the dynamic-security state once, with the admin account the servers use.
set -eu
if [ ! -f /mosquitto/data/dynsec.json ]; then
  mosquitto_ctrl dynsec init /mosquitto/data/dynsec.json "$MQTT_ADMIN_USERNAME" "$MQTT_ADMIN_PASSWORD"
fi
chown -R mosquitto:mosquitto /mosquitto/data
