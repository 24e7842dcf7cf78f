module example.com/wiki

go 1.22
