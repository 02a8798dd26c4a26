console.log('boss: coming');
