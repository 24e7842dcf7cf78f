<?php
function db(): PDO
{
    static $pdo;
    return $pdo ??= new PDO('sqlite:' . __DIR__ . '/../data.db');
}

function find_articles(PDO $pdo, string $q): array
{
    // ok: SQL_INJECTION
    $stmt = $pdo->prepare('SELECT * FROM articles WHERE title LIKE ?');
    $stmt->execute(['%' . $q . '%']);
    return $stmt->fetchAll();
}
