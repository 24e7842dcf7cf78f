module example.com/links

go 1.22
