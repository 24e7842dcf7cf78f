<?php
// A Ratchet WebSocket server started from the command line: what it echoes goes to the operator's console.

use Ratchet\ConnectionInterface;
use Ratchet\MessageComponentInterface;

class Echoer implements MessageComponentInterface
{
    private $db;

    public function onMessage(ConnectionInterface $from, $msg)
    {
        // ok: XSS
        echo "Received: " . $msg . "\n";
        // ok: XSS
        printf("from %d: %s\n", $from->resourceId, $msg);
        // ruleid: SQL_INJECTION
        mysqli_query($this->db, "INSERT INTO messages (body) VALUES ('" . $msg . "')");
        $from->send(json_encode(['ok' => true]));
    }

    public function onOpen(ConnectionInterface $conn) {}
    public function onClose(ConnectionInterface $conn) {}
    public function onError(ConnectionInterface $conn, \Exception $e) {}
}
