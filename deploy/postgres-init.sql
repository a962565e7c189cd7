-- One database per market on the one server (compose.yaml); the apps apply their migrations at start.
CREATE DATABASE shop_cl;
CREATE DATABASE shop_pe;
